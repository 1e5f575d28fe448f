// Each locale file in two parts (vite/locale-texts.ts, decision 215): Login's texts and the other screens'.
declare module '*.json?texts=first' {
  import type { ResourceKey } from 'i18next';
  const texts: ResourceKey;
  export default texts;
}
declare module '*.json?texts=rest' {
  import type { ResourceKey } from 'i18next';
  const texts: ResourceKey;
  export default texts;
}
