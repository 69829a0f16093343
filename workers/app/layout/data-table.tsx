import type { Child } from "hono/jsx";

/**
 * The app's table: scrolls sideways inside `.table-wrap` on narrow screens, one header
 * cell per column (`scope="col"`), the caller's rows as the body. A column given as
 * `false` is left out (e.g. "Actions" for a role that may not act). The caption is
 * either shown as a hint or kept for screen readers only.
 */
export function DataTable(props: {
  caption?: { text: string; visible: boolean };
  columns: readonly (string | false)[];
  children?: Child;
}) {
  return (
    <div class="table-wrap">
      <table>
        {props.caption ? (
          <caption class={props.caption.visible ? "hint" : "visually-hidden"}>{props.caption.text}</caption>
        ) : null}
        <thead>
          <tr>{props.columns.map((column) => (column === false ? null : <th scope="col">{column}</th>))}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
