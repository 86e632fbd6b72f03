import type { PublishedManifest } from '@spinyard/domain';
import { useI18n } from './i18n/i18n.ts';

/** The basic-info fields that say who sells the vehicle and how to reach them (shown together, not as facts). */
export const CONTACT_KEYS: ReadonlySet<string> = new Set(['store', 'phone', 'mail']);

/** A basic-info entry the details list as a fact: a value, and not the dealer's contact. */
export const isFact = (b: { key: string; value: string | number | null }): boolean =>
  b.value !== null && b.value !== '' && !CONTACT_KEYS.has(b.key);

export interface DealerContact {
  store: string | null;
  phone: string | null;
  mail: string | null;
}

/** The dealer's name and contact among the basic info the dealer chose to show, or null when none is. */
export function dealerContact(manifest: PublishedManifest): DealerContact | null {
  const text = (key: string) => {
    const value = manifest.basic_info.find((b) => b.key === key)?.value;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const contact = { store: text('store'), phone: text('phone'), mail: text('mail') };
  return contact.store || contact.phone || contact.mail ? contact : null;
}

/** A phone number as a tel: address (digits and a leading +), or undefined when it holds none. */
const telOf = (phone: string): string | undefined => {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
};
const mailOf = (mail: string): string | undefined =>
  /^[^\s@<>"]+@[^\s@<>"]+$/.test(mail) ? `mailto:${mail}` : undefined;

/** Who sells the vehicle and how to reach them: the store's name, a phone link and a mail link. */
export function Dealer({ contact }: { contact: DealerContact }) {
  const { t } = useI18n();
  const tel = contact.phone ? telOf(contact.phone) : undefined;
  const mailto = contact.mail ? mailOf(contact.mail) : undefined;
  return (
    <section className="dealer" aria-labelledby="dealer-title">
      <h2 id="dealer-title">{contact.store ?? t('dealer')}</h2>
      <ul className="dealer-contact">
        {contact.phone && (
          <li>
            <span className="dealer-label">{t('dealer_phone')}</span>{' '}
            {tel ? <a href={tel}>{contact.phone}</a> : contact.phone}
          </li>
        )}
        {contact.mail && (
          <li>
            <span className="dealer-label">{t('dealer_mail')}</span>{' '}
            {mailto ? <a href={mailto}>{contact.mail}</a> : contact.mail}
          </li>
        )}
      </ul>
    </section>
  );
}
