import { sitePaths } from "./site-context";

/** Links between a site's pages; the current one is marked for assistive technology. */
export function SiteNav(props: { domain: string; current: "install" | "traffic" | "sessions" }) {
  const paths = sitePaths(props.domain);
  const items: [keyof typeof paths, string][] = [
    ["install", "Install"],
    ["traffic", "Traffic"],
    ["sessions", "Sessions"],
  ];
  return (
    <nav aria-label={`Pages of ${props.domain}`}>
      <ul class="subnav">
        <li>
          <a href="/app/sites">All sites</a>
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
