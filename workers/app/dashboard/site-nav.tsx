import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { sitePaths } from "./site-context";

/** Links between a site's pages; the current one is marked for assistive technology. */
export function SiteNav(props: { c: Context<AppEnv>; domain: string; current: "install" | "traffic" | "sessions" }) {
  const paths = sitePaths(props.c, props.domain);
  const items: [keyof typeof paths, string][] = [
    ["install", "Install"],
    ["traffic", "Traffic"],
    ["sessions", "Sessions"],
  ];
  return (
    <nav aria-label={`Pages of ${props.domain}`}>
      <ul class="subnav">
        <li>
          <a href={appHref(props.c, "/sites")}>All sites</a>
        </li>
        {items.map(([key, label]) => (
          <li>
            <a href={paths[key]} aria-current={props.current === key ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
