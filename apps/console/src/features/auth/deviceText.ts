import type { LoginActivity } from '../../api/loginAnswer.ts';

/** Application names the console knows (`application` of the sign-in form); others are shown as sent. */
const KNOWN_APPLICATIONS: Record<string, string> = {
  'spinyard-console': 'devices.applications.console',
};

/** The i18n key of a known application name, or undefined to show the name as it was sent. */
export function applicationKey(application: string): string | undefined {
  return KNOWN_APPLICATIONS[application];
}

/** A date and time in the reader's language and time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string | null, locale: string): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The devices in the order to show: this device first (it cannot be logged out from the list), then the
 * server's order (most recently used first).
 */
export function devicesInDisplayOrder(devices: readonly LoginActivity[]): LoginActivity[] {
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/**
 * A device's name in the reader's language: the console names its own sign-ins "Chrome on Windows" (the stored
 * name stays English, the server shows it to every reader), so that form is read back and put in the catalogue's
 * words; any other name is what its application sent and is shown as sent.
 */
export function deviceNameText(name: string, t: (key: string, options?: Record<string, string>) => string): string {
  if (name === '') return t('devices.unknown');
  if (name === 'Browser') return t('devices.someBrowser');
  const match = /^(\S+) on (\S+)$/.exec(name);
  if (!match) return name;
  const [, browser = '', os = ''] = match;
  return t('devices.browserOn', { browser: browser === 'Browser' ? t('devices.someBrowser') : browser, os });
}
