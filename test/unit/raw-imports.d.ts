// Vite's `?raw` suffix imports a file's text (the unit tests read configs this way, inside workerd).
/// <reference types="vite/client" />
declare module "*?raw" {
  const text: string;
  export default text;
}
