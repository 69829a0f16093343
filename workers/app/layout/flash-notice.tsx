import type { Flash } from "../flash";
import { Notice } from "./form";
import { ShownOnce } from "./shown-once";

/** A flash taken by the result page (workers/app/flash.ts): a notice, or a value shown once. */
export function FlashNotice(props: { flash: Flash | null }) {
  const { flash } = props;
  if (!flash) return null;
  if (flash.kind === "secret") {
    return (
      <ShownOnce id={flash.id} heading={flash.heading} value={flash.value} more={flash.more}>
        {flash.text}
      </ShownOnce>
    );
  }
  if (flash.kind === "summary") {
    return (
      <section aria-labelledby={`${flash.id}-heading`} class="notice notice-success" id={flash.id}>
        <h2 id={`${flash.id}-heading`}>{flash.heading}</h2>
        <ul>
          {flash.items.map((item) => (
            <li>{item}</li>
          ))}
        </ul>
      </section>
    );
  }
  return <Notice kind={flash.kind}>{flash.text}</Notice>;
}
