// D1 binds at most 100 parameters per statement
// (https://developers.cloudflare.com/d1/platform/limits/), so IN-lists are split into
// slices of this size, leaving room for the statement's other parameters.
export const D1_IN_LIST_CHUNK = 90;
