import type { Child } from "hono/jsx";

/**
 * A value the service shows only this once (a new API key, an invitation link): a
 * success notice holding an element with nothing but the value, and a Copy button that
 * the app script (assets/app-js.ts, `data-copy`) reveals and wires to `<id>-status`.
 */
export function ShownOnce(props: {
  id: string;
  heading: Child;
  children?: Child;
  value: string;
  more?: { label: string; value: string }[];
}) {
  return (
    <section aria-labelledby={`${props.id}-heading`} class="notice notice-success">
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      <p>{props.children}</p>
      <div class="secret">
        <code id={props.id}>{props.value}</code>
        <button type="button" class="secondary" data-copy={props.id} hidden>
          Copy
        </button>
        <span id={`${props.id}-status`} role="status" />
      </div>
      {props.more?.map((m, i) => (
        <div class="secret">
          <strong>{m.label}</strong> <code id={`${props.id}-${i}`}>{m.value}</code>
          <button type="button" class="secondary" data-copy={`${props.id}-${i}`} hidden>
            Copy
          </button>
          <span id={`${props.id}-${i}-status`} role="status" />
        </div>
      ))}
    </section>
  );
}
