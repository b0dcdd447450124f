/** The host of a URL, its `{variable}` references stood in for so that templated URLs parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url.replace(/\{[^}]+\}/g, "x")).host;
  } catch {
    return url;
  }
}
