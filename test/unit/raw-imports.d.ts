// Vite's `?raw` suffix imports a file's text (the unit tests read configs this way, inside workerd).
declare module "*?raw" {
  const text: string;
  export default text;
}
