/** Browser and system names from a User-Agent header, enough for a person to recognise a device. */
export interface DeviceDescription {
  browser: string | null;
  system: string | null;
  phone: boolean;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (text: string, table: Array<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const text = userAgent ?? '';
  return {
    browser: firstMatch(text, BROWSERS),
    system: firstMatch(text, SYSTEMS),
    phone: /Mobile|iPhone|Android.*Mobile/.test(text),
  };
}
