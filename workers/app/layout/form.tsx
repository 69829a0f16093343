import type { Child } from "hono/jsx";
import { CSRF_FIELD } from "../middleware/csrf";

/** A POST form that carries the CSRF token; every state change in the app goes through one. */
export function PostForm(props: { action: string; csrf: string; class?: string; hidden?: boolean; children?: Child }) {
  return (
    <form method="post" action={props.action} class={props.class} hidden={props.hidden}>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      {props.children}
    </form>
  );
}

/** A message above a form: errors are announced by screen readers (role=alert). */
export function Notice(props: { kind: "error" | "info" | "success"; children?: Child }) {
  return (
    <p class={`notice notice-${props.kind}`} role={props.kind === "error" ? "alert" : "status"}>
      {props.children}
    </p>
  );
}

/** The buttons of a confirmation page: the confirming POST (CSRF included) and a way back. */
export function ConfirmActions(props: { action: string; csrf: string; label: string; cancelHref: string }) {
  return (
    <div class="actions">
      <PostForm action={props.action} csrf={props.csrf}>
        <button type="submit" class="danger">
          {props.label}
        </button>
      </PostForm>
      <a href={props.cancelHref}>Cancel</a>
    </div>
  );
}
