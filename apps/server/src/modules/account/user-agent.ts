/**
 * What a person recognises of a device from its User-Agent: the browser, the system and the
 * kind of device. Only names people know are answered; anything else is null, never the raw
 * string (a User-Agent is whatever the client sent). Order matters: Edge and Opera also say
 * "Chrome", Chrome also says "Safari", iPadOS may say "Macintosh".
 */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  let device: DeviceDescription['device'] = 'unknown';
  if (os === 'iPadOS' || (os === 'Android' && !/\bMobile\b/.test(userAgent))) device = 'tablet';
  else if (os === 'iOS' || os === 'Android' || /\bMobile\b/.test(userAgent)) device = 'mobile';
  else if (os !== null) device = 'desktop';
  return { browser, os, device };
}
