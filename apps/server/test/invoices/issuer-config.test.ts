import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

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
