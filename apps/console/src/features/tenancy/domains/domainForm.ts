import {
  applyDomainOptionsPatch,
  companyCodeSchema,
  DEFAULT_DOMAIN_OPTIONS,
  DOMAIN_NAME_MAX_LENGTH,
  type DomainCreateBody,
  type DomainDetail,
  type DomainOptions,
  type DomainOptionsPatch,
  type DomainUpdateBody,
  domainCreateBody,
  domainSuperUserBody,
  FIELD_RULE_MESSAGES,
  type FieldError,
  type HostFlag,
  hostNameSchema,
  parseFields,
  serviceNameSchema,
} from '@spinyard/domain';
import { OPTION_CONTROLS, OPTION_KEYS, type OptionKey } from './optionFields.ts';

/**
 * The domain form as plain data, and its mapping to and from the API: what the inputs hold (numbers may be empty
 * while typed, unlimited is null), the client-side check with the domain package's own schemas, and the request
 * bodies. Field names are the server's (`host`, `super_user.email`, `options.vehicle_limit`), so an error from
 * either side lands beside the same input.
 */

/** A switch, a choice (kept as its string form for the inputs), a number ('' while empty), or null (unlimited). */
export type OptionFormValue = boolean | string | number | null;
export type OptionFormValues = Record<OptionKey, OptionFormValue>;

export interface DomainFormValues {
  host: string;
  company_code: string;
  service_name: string;
  company_name: string;
  host_flags: HostFlag[];
  super_user_email: string;
  super_user_name: string;
  options: OptionFormValues;
}

export type DomainFormMode = 'add' | 'edit';

/**
 * The rule the console gives a vehicle limit under the vehicles already registered (the server answers `range`
 * with the code `domain_limit_below_registered`), so the form can say how many are registered.
 */
export const LIMIT_BELOW_REGISTERED = 'domain_limit_below_registered';

export function optionFormValuesOf(options: DomainOptions): OptionFormValues {
  const out = {} as OptionFormValues;
  for (const key of OPTION_KEYS) {
    const control = OPTION_CONTROLS[key];
    const value = options[key];
    out[key] = control.kind === 'choice' ? String(value) : value;
  }
  return out;
}

export function emptyDomainForm(): DomainFormValues {
  return {
    host: '',
    company_code: '',
    service_name: '',
    company_name: '',
    host_flags: [],
    super_user_email: '',
    super_user_name: '',
    options: optionFormValuesOf(DEFAULT_DOMAIN_OPTIONS),
  };
}

export function domainFormOf(detail: DomainDetail): DomainFormValues {
  return {
    host: detail.host,
    company_code: detail.company_code,
    service_name: detail.service_name,
    company_name: detail.main_company?.name ?? '',
    host_flags: [...detail.host_flags],
    super_user_email: '',
    super_user_name: '',
    options: optionFormValuesOf(detail.options),
  };
}

/** A number input's change (Mantine gives a number, or a string while the text is not a number yet). */
export function numberInputValue(value: number | string): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : '';
}

/**
 * The options as the API takes them, plus `required` errors for number inputs left empty (an empty box is not
 * "unlimited": that is its own checkbox).
 */
export function optionsOfForm(values: OptionFormValues): { options: DomainOptionsPatch; errors: FieldError[] } {
  const options: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const key of OPTION_KEYS) {
    const control = OPTION_CONTROLS[key];
    const value = values[key];
    if (control.kind === 'choice') {
      const match = control.values.find((v) => String(v) === String(value));
      options[key] = match ?? value;
    } else if (control.kind === 'number') {
      if (value === '' || value === undefined) {
        errors.push({ field: `options.${key}`, rule: 'required', message: FIELD_RULE_MESSAGES.required });
        continue;
      }
      options[key] = value;
    } else {
      options[key] = value === true;
    }
  }
  return { options: options as DomainOptionsPatch, errors };
}

/** Every refused option, with the cross-option rules, under `options.<key>`. */
export function optionErrors(values: OptionFormValues): FieldError[] {
  const { options, errors } = optionsOfForm(values);
  // Check what could be read; the empty numbers are already reported.
  const filled = Object.fromEntries(
    Object.entries(options).filter(([key]) => !errors.some((e) => e.field === `options.${key}`)),
  );
  const found = [...errors, ...patchErrors(filled)];
  // The package checks the rules between options only once each option is valid on its own: check them again
  // without the refused ones, so every problem shows at once.
  const refused = new Set(found.map((e) => e.field.slice('options.'.length)));
  const rest = Object.fromEntries(Object.entries(filled).filter(([key]) => !refused.has(key)));
  for (const error of patchErrors(rest)) if (!refused.has(error.field.slice('options.'.length))) found.push(error);
  return found;
}

function patchErrors(patch: Record<string, unknown>): FieldError[] {
  const applied = applyDomainOptionsPatch({ ...DEFAULT_DOMAIN_OPTIONS }, patch);
  return applied.ok ? [] : applied.fields.map((f) => ({ ...f, field: f.field ? `options.${f.field}` : 'options' }));
}

/** Names of the headquarters and of the super user: optional here, bounded as the server bounds them. */
export const NAME_MAX_LENGTH = DOMAIN_NAME_MAX_LENGTH;

function check(field: string, schema: Parameters<typeof parseFields>[0], value: unknown): FieldError[] {
  const result = parseFields(schema, value);
  return result.ok ? [] : result.fields.map((f) => ({ ...f, field }));
}

/** The host rules alone (for the live check while the host is typed). */
export function hostErrors(host: string): FieldError[] {
  return check('host', hostNameSchema, host);
}

/** Every error of the form, as the server would name them. */
export function domainFormErrors(values: DomainFormValues, mode: DomainFormMode): FieldError[] {
  const errors = [
    ...hostErrors(values.host),
    ...check('service_name', serviceNameSchema, values.service_name),
    ...optionErrors(values.options),
  ];
  if (mode === 'add') {
    errors.push(
      ...(values.company_code.trim() === ''
        ? [{ field: 'company_code', rule: 'required', message: FIELD_RULE_MESSAGES.required }]
        : check('company_code', companyCodeSchema, values.company_code)),
      ...check('company_name', domainCreateBody.shape.company_name, values.company_name),
      ...check('super_user.email', domainSuperUserBody.shape.email, values.super_user_email),
      // Optional on the form (superUserNameOf fills it in), so only its bound applies here.
      ...(values.super_user_name.trim() === ''
        ? []
        : check('super_user.name', domainSuperUserBody.shape.name, values.super_user_name)),
    );
  }
  return errors;
}

/**
 * The super user's name: the name typed, else the company name, else the service name. The account is the
 * company's top account, and a name is needed to greet them; they can change it after activation.
 */
export function superUserNameOf(values: DomainFormValues): string {
  return values.super_user_name.trim() || values.company_name.trim() || values.service_name.trim();
}

/** Options that differ from the defaults (a new domain) or from the stored ones (an edit). */
export function changedOptions(before: DomainOptions, values: OptionFormValues): DomainOptionsPatch {
  const { options } = optionsOfForm(values);
  const changed: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    const next = (options as Record<string, unknown>)[key];
    if (next !== undefined && next !== before[key]) changed[key] = next;
  }
  return changed as DomainOptionsPatch;
}

/** The create body as the form sends it: always naming the super user, which the API refuses to go without. */
export type DomainCreateRequest = DomainCreateBody & Required<Pick<DomainCreateBody, 'super_user'>>;

export function createBodyOf(values: DomainFormValues): DomainCreateRequest {
  const companyName = values.company_name.trim();
  const options = changedOptions(DEFAULT_DOMAIN_OPTIONS, values.options);
  return {
    host: values.host.trim().toLowerCase(),
    company_code: values.company_code.trim(),
    service_name: values.service_name.trim(),
    ...(companyName ? { company_name: companyName } : {}),
    host_flags: [...values.host_flags],
    options,
    super_user: { email: values.super_user_email.trim().toLowerCase(), name: superUserNameOf(values) },
  };
}

function sameFlags(a: readonly HostFlag[], b: readonly HostFlag[]): boolean {
  return a.length === b.length && a.every((flag) => b.includes(flag));
}

/** Only what changed: an untouched domain gives `{}`. */
export function updateBodyOf(values: DomainFormValues, detail: DomainDetail): DomainUpdateBody {
  const body: DomainUpdateBody = {};
  const host = values.host.trim().toLowerCase();
  if (host !== detail.host) body.host = host;
  const serviceName = values.service_name.trim();
  if (serviceName !== detail.service_name) body.service_name = serviceName;
  if (!sameFlags(values.host_flags, detail.host_flags)) body.host_flags = [...values.host_flags];
  const options = changedOptions(detail.options, values.options);
  if (Object.keys(options).length > 0) body.options = options;
  return body;
}

export function isEmptyUpdate(body: DomainUpdateBody): boolean {
  return Object.keys(body).length === 0;
}

/** The first error of each field, by field name. */
export function errorsByField(errors: readonly FieldError[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const error of errors) if (!out[error.field]) out[error.field] = error;
  return out;
}
