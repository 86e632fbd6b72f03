import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { type InvoiceDocument, renderInvoicePdf } from '../../src/platform/pdf/invoice-pdf.ts';
import { pdfText } from '../helpers/pdf-text.ts';

/** The invoice issuer's settings: read from the environment, a malformed registration number refused at start. */

describe('invoice issuer configuration', () => {
  it('defaults to the product name without address or registration number', () => {
    expect(loadConfig({}).invoiceIssuer).toEqual({ name: 'Spinyard', address: '', registrationNumber: '' });
  });

  it('reads the issuer', () => {
    const config = loadConfig({
      SPINYARD_INVOICE_ISSUER_NAME: '株式会社スピンヤード',
      SPINYARD_INVOICE_ISSUER_ADDRESS: '東京都千代田区丸の内1-1-1',
      SPINYARD_INVOICE_REGISTRATION_NUMBER: 'T1234567890123',
    });
    expect(config.invoiceIssuer).toEqual({
      name: '株式会社スピンヤード',
      address: '東京都千代田区丸の内1-1-1',
      registrationNumber: 'T1234567890123',
    });
  });

  it.each(['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T1234567890123 '])(
    'refuses the registration number %j at start, naming the variable',
    (value) => {
      expect(() => loadConfig({ SPINYARD_INVOICE_REGISTRATION_NUMBER: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SPINYARD_INVOICE_REGISTRATION_NUMBER: value })).toThrow(
        /SPINYARD_INVOICE_REGISTRATION_NUMBER: T followed by 13 digits/,
      );
    },
  );
});

describe('the invoice title', () => {
  const document = (registration_number: string): InvoiceDocument => ({
    number: '00000001',
    issued_at: '2026-11-30T06:00:00Z',
    period_start: null,
    period_end: null,
    currency: 'jpy',
    status: 'paid',
    plan_id: 'standard',
    issuer: { name: '株式会社スピンヤード', address: '', registration_number },
    customer: { user_id: '1', company_name: '販売店', name: '山田 太郎', email: 'a@example.com' },
    lines: [{ description: 'スタンダード', quantity: 1, unit_amount: 9800, amount: 9800, tax_rate: 0.1 }],
    totals: {
      tax_by_rate: [{ rate: 0.1, taxable: 9800, tax: 980 }],
      outside_tax: 0,
      total_without_tax: 9800,
      tax: 980,
      total_with_tax: 10780,
    },
  });
  const textOf = async (registration: string, locale: 'ja' | 'en') =>
    pdfText(await renderInvoicePdf(document(registration), locale)).pages.join(' ');

  it('calls an invoice qualified only when it carries the registration number', async () => {
    expect(await textOf('T1234567890123', 'ja')).toContain('適格請求書');
    const plain = await textOf('', 'ja');
    expect(plain).toContain('請求書');
    expect(plain).not.toContain('適格請求書');
    expect(plain).not.toContain('登録番号');
    expect(await textOf('', 'en')).not.toContain('Qualified');
  });
});
