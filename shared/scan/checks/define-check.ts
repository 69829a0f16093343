import type { CheckDefinition } from "../types";

/**
 * Declares a check and keeps its key as a literal type, so the registry's list of checks
 * is also the one declaration of the `CheckKey` union (checks/registry.ts).
 */
export function defineCheck<const K extends string>(check: CheckDefinition<K>): CheckDefinition<K> {
  return check;
}
