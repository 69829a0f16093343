import { KEY_NAME_MAX_LENGTH } from "@shared/auth/key-actions";
import type { KeyListItem } from "@shared/auth/workspace-keys";
import { SCOPE_DESCRIPTIONS, SCOPE_NAMES } from "@shared/display/scope-names";
import { SCOPE_PRESETS, SCOPES, type Scope } from "@shared/vocabulary/scopes";
import { keyPresetChoices } from "../key-presets";
import { DataTable } from "../layout/data-table";
import { ConfirmActions, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";

/** The key creation form: a name and the scopes, ticked directly or by a preset button. */
export function CreateKeyForm(props: { base: string; csrf: string; name?: string; ticked?: readonly Scope[] }) {
  const ticked = props.ticked ?? SCOPE_PRESETS.provisioning;
  return (
    <section aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      <PostForm action={props.base} csrf={props.csrf}>
        <div class="field">
          <label for="key-name">Name</label>
          <input
            id="key-name"
            name="name"
            type="text"
            required
            maxlength={KEY_NAME_MAX_LENGTH}
            aria-describedby="key-name-hint"
            value={props.name ?? ""}
          />
          <p class="hint" id="key-name-hint">
            Where the key will live, e.g. “Shop backend”.
          </p>
        </div>
        <fieldset aria-describedby="key-presets-hint">
          <legend>Scopes</legend>
          <p class="hint" id="key-presets-hint">
            {keyPresetChoices
              .map((p) => `${p.label}: ${SCOPE_PRESETS[p.value].map((s) => SCOPE_NAMES[s]).join(", ")}.`)
              .join(" ")}
          </p>
          <p class="actions">
            {keyPresetChoices.map((p) => (
              <button type="button" class="secondary" data-fill-scopes={SCOPE_PRESETS[p.value].join(" ")} hidden>
                Tick {p.label}
              </button>
            ))}
          </p>
          <div class="checks">
            {SCOPES.map((scope) => (
              <label>
                <input type="checkbox" name="scopes" value={scope} checked={ticked.includes(scope)} />{" "}
                {SCOPE_NAMES[scope]} <code>{scope}</code> <span class="hint">{SCOPE_DESCRIPTIONS[scope]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit">Create key</button>
      </PostForm>
    </section>
  );
}

export function KeyTable(props: { base: string; keys: KeyListItem[]; canManage: boolean }) {
  if (props.keys.length === 0) return <p>This workspace has no API keys yet.</p>;
  return (
    <DataTable
      caption={{ text: "Live keys of this workspace, newest first", visible: true }}
      columns={["Name", "Prefix", "Scopes", "Created", "Last used", props.canManage && "Actions"]}
    >
      {props.keys.map((key) => (
        <tr data-key-id={key.keyId}>
          <td data-label="Name" id={`name-${key.keyId}`}>
            {key.name ?? "(unnamed)"}
          </td>
          <td data-label="Prefix">
            <code>{key.displayPrefix}…</code>
          </td>
          <td data-label="Scopes">
            <ul class="scopes">
              {key.scopes.map((s) => (
                <li>
                  {SCOPE_NAMES[s]} <code>{s}</code>
                </li>
              ))}
            </ul>
          </td>
          <td data-label="Created">
            <Time at={key.createdAt} />
          </td>
          <td data-label="Last used">
            <Time at={key.lastUsedAt} />
          </td>
          {props.canManage ? (
            <td data-label="Actions">
              <form method="get" action={`${props.base}/${key.keyId}/revoke`}>
                <button type="submit" class="danger" aria-describedby={`name-${key.keyId}`}>
                  Revoke
                </button>
              </form>
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}

export function ConfirmRevoke(props: { base: string; csrf: string; item: KeyListItem }) {
  return (
    <>
      <p>
        Revoke the key <strong>{props.item.name ?? "(unnamed)"}</strong> (<code>{props.item.displayPrefix}…</code>)?
        Every program using it gets 401 from the next request on. This cannot be undone.
      </p>
      <ConfirmActions
        action={`${props.base}/${props.item.keyId}/revoke`}
        csrf={props.csrf}
        label="Confirm revoke"
        cancelHref={props.base}
      />
    </>
  );
}
