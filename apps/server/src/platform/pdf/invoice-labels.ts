import type { InvoiceLineNote, Locale } from '@spinyard/domain';

/** The invoice PDF's words in each language the console speaks (a small catalogue of the server's own). */
export interface InvoiceLabels {
  /** A qualified invoice's title: only with the issuer's registration number on it. */
  title: string;
  /** The title of an invoice issued without a registration number (the operator has none configured). */
  plainTitle: string;
  number: string;
  issued: string;
  period: string;
  registration: string;
  /** After a company's name: 御中 in Japanese, nothing elsewhere. */
  companySuffix: string;
  /** After a person's name: 様 in Japanese. */
  personSuffix: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  /** `{rate}` is the rate as a percentage. */
  taxableAt: string;
  taxAt: string;
  outsideTax: string;
  subtotal: string;
  tax: string;
  total: string;
  paid: string;
  page: string;
  /** After the plan's name on an upgrade's lines; the late fee's whole description (`{rate}` its yearly rate). */
  notes: Record<InvoiceLineNote, string>;
}

export const INVOICE_LABELS: Record<Locale, InvoiceLabels> = {
  ja: {
    title: '適格請求書',
    plainTitle: '請求書',
    number: '請求書番号',
    issued: '発行日',
    period: '対象期間',
    registration: '登録番号',
    companySuffix: ' 御中',
    personSuffix: ' 様',
    description: '品目',
    quantity: '数量',
    unitPrice: '単価',
    taxRate: '税率',
    amount: '金額（税抜）',
    taxableAt: '{rate}%対象',
    taxAt: '消費税（{rate}%）',
    outsideTax: '不課税（遅延損害金）',
    subtotal: '小計（税抜）',
    tax: '消費税合計',
    total: '合計（税込）',
    paid: 'お支払い済み（クレジットカード）',
    page: 'ページ',
    notes: {
      rest_of_period: '（今期の残り期間分）',
      unused_part: '（未使用期間分の差引）',
      late_fee: '遅延損害金（年{rate}%）',
    },
  },
  en: {
    title: 'Qualified Invoice',
    plainTitle: 'Invoice',
    number: 'Invoice number',
    issued: 'Issue date',
    period: 'Period',
    registration: 'Registration number',
    companySuffix: '',
    personSuffix: '',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    taxRate: 'Tax rate',
    amount: 'Amount (excl. tax)',
    taxableAt: 'Taxable at {rate}%',
    taxAt: 'Consumption tax ({rate}%)',
    outsideTax: 'Outside tax (late-payment interest)',
    subtotal: 'Subtotal (excl. tax)',
    tax: 'Total consumption tax',
    total: 'Total (incl. tax)',
    paid: 'Paid (credit card)',
    page: 'Page',
    notes: {
      rest_of_period: ' (rest of the period)',
      unused_part: ' (unused part)',
      late_fee: 'Late-payment interest ({rate}% a year)',
    },
  },
  fr: {
    title: 'Facture conforme',
    plainTitle: 'Facture',
    number: 'Numéro de facture',
    issued: "Date d'émission",
    period: 'Période',
    registration: "Numéro d'enregistrement",
    companySuffix: '',
    personSuffix: '',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    taxRate: 'Taux',
    amount: 'Montant HT',
    taxableAt: 'Base au taux de {rate} %',
    taxAt: 'Taxe à la consommation ({rate} %)',
    outsideTax: 'Hors taxe (intérêts de retard)',
    subtotal: 'Sous-total HT',
    tax: 'Total de la taxe',
    total: 'Total TTC',
    paid: 'Payée (carte bancaire)',
    page: 'Page',
    notes: {
      rest_of_period: ' (reste de la période)',
      unused_part: ' (partie non utilisée)',
      late_fee: 'Intérêts de retard ({rate} % par an)',
    },
  },
  pt: {
    title: 'Fatura qualificada',
    plainTitle: 'Fatura',
    number: 'Número da fatura',
    issued: 'Data de emissão',
    period: 'Período',
    registration: 'Número de registro',
    companySuffix: '',
    personSuffix: '',
    description: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    taxRate: 'Alíquota',
    amount: 'Valor sem imposto',
    taxableAt: 'Base tributável a {rate}%',
    taxAt: 'Imposto sobre consumo ({rate}%)',
    outsideTax: 'Não tributável (juros de mora)',
    subtotal: 'Subtotal sem imposto',
    tax: 'Total do imposto',
    total: 'Total com imposto',
    paid: 'Paga (cartão de crédito)',
    page: 'Página',
    notes: {
      rest_of_period: ' (restante do período)',
      unused_part: ' (parte não utilizada)',
      late_fee: 'Juros de mora ({rate}% ao ano)',
    },
  },
};
