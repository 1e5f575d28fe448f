// Vite/Vitest `?raw` imports (used to check the README against the registry).
declare module '*?raw' {
  const text: string;
  export default text;
}
