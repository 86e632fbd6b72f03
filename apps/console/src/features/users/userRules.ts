import {
  CAR_LIMIT_BOUNDS,
  type FieldError,
  isProductBrandedUser,
  type PermissionActor,
  type PermissionTarget,
  parseFields,
  type StaffPrivilegeType,
  type SubordinateCreateBody,
  type SubordinateUpdateBody,
  subordinateCreateBody,
  subordinateUpdateBody,
} from '@spinyard/domain';
import type { Profile } from '../../api/profile.ts';
import type { UserRecord } from '../../api/users.ts';

/**
 * Pure rules of the user screens: who may do what (the domain's permission functions fed from the profile), the
 * add/edit form's checks and body, comma-separated search keywords, and the browser's first look at a CSV.
 */

// ---- Permissions ----------------------------------------------------------------------------------------------

/**
 * The profile does not carry the domain's id, and the server only lists users the caller can see (master: all;
 * others: their own domain). So a non-master actor and every target share one placeholder domain id, and master
 * (who sees every domain) is never asked about domains by the functions.
 */
const OWN_DOMAIN = 'own-domain';

export function actorOf(profile: Profile): PermissionActor {
  const privilegeType = profile.user.privilege_type;
  const isPayByCredit = profile.user.is_pay_by_credit;
  return {
    id: profile.user.id,
    privilegeType,
    domainId: OWN_DOMAIN,
    companyId: profile.company?.id ?? null,
    isProductBranded: isProductBrandedUser({
      privilegeType,
      isProductDomain: profile.domain.is_product_domain === true,
      isPayByCredit,
    }),
    isPayByCredit,
    csJoined: profile.cs_joined === true,
    domainOptions: {
      is_user_add: profile.domain.options.is_user_add,
      // Not needed by the user screens' checks.
      normal_user_transfer: false,
      option_data: profile.domain.options.option_data,
    },
  };
}

export function targetOf(user: Pick<UserRecord, 'id' | 'privilege_type' | 'company_id' | 'parent_user_id'>) {
  const target: PermissionTarget = {
    id: user.id,
    privilegeType: user.privilege_type,
    domainId: OWN_DOMAIN,
    companyId: user.company_id,
    parentUserId: user.parent_user_id,
  };
  return target;
}

// ---- Add and edit form ----------------------------------------------------------------------------------------

export interface UserFormValues {
  privilegeType: StaffPrivilegeType | '';
  email: string;
  password: string;
  name: string;
  parentUserId: string;
  companySection: string;
  phone: string;
  /** Typed text; '' means no limit. */
  carLimit: string;
  /** Shown on the bike-site host only, where the server keeps it as the first username alias. */
  shopCode: string;
  /** Forces the second sign-in step on the user; they cannot lift it. */
  twoStepForced: boolean;
}

export const EMPTY_USER_FORM: UserFormValues = {
  privilegeType: '',
  email: '',
  password: '',
  name: '',
  parentUserId: '',
  companySection: '',
  phone: '',
  carLimit: '',
  shopCode: '',
  twoStepForced: false,
};

export function formOf(user: UserRecord): UserFormValues {
  return {
    privilegeType: user.privilege_type === 'admin' || user.privilege_type === 'normal' ? user.privilege_type : '',
    email: user.email,
    password: '',
    name: user.name,
    parentUserId: user.parent_user_id ?? '',
    companySection: user.company_section,
    phone: user.phone,
    carLimit: user.car_limit === null ? '' : String(user.car_limit),
    shopCode: user.shop_code,
    twoStepForced: user.two_step_forced === true,
  };
}

/** The form's field names are the API's, so a server refusal lands on the same input. */
export type UserField =
  | 'privilege_type'
  | 'email'
  | 'password'
  | 'name'
  | 'parent_user_id'
  | 'company_section'
  | 'phone'
  | 'car_limit'
  | 'shop_code'
  | 'two_step_forced';

/** The order of the form's inputs: errors are listed in it, so the first one named is the first on screen. */
const FORM_ORDER: readonly string[] = [
  'privilege_type',
  'email',
  'password',
  'name',
  'parent_user_id',
  'company_section',
  'phone',
  'car_limit',
  'shop_code',
  'two_step_forced',
];

/** Typed text as the number the API takes (null when empty); undefined when the text is no number at all. */
function numberOf(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  return /^-?[0-9]+(\.[0-9]+)?$/.test(t) ? Number(t) : undefined;
}

/**
 * Every broken rule of the form at once, with the server's field names and rule names: the values are checked
 * with the API's own body schema (subordinateCreateBody or subordinateUpdateBody), plus what only the form asks
 * (a normal user's parent is chosen here, where the API would also take an admin code).
 */
export function userFormErrors(values: UserFormValues, mode: 'add' | 'edit'): FieldError[] {
  const carLimit = numberOf(values.carLimit);
  const common = {
    email: values.email,
    ...(mode === 'add' || values.password !== '' ? { password: values.password } : {}),
    name: values.name,
    company_section: values.companySection,
    phone: values.phone,
    // Text that is no number never reaches the schema: the form names it below.
    ...(carLimit === undefined ? {} : { car_limit: carLimit }),
    shop_code: values.shopCode,
    two_step_forced: values.twoStepForced,
  };
  const parsed =
    mode === 'add'
      ? parseFields(subordinateCreateBody, {
          ...common,
          ...(values.privilegeType === '' ? {} : { privilege_type: values.privilegeType }),
        })
      : parseFields(subordinateUpdateBody, common);
  const errors = parsed.ok ? [] : [...parsed.fields];
  if (carLimit === undefined) errors.push({ field: 'car_limit', rule: 'integer', message: 'Enter a whole number.' });
  if (values.privilegeType === 'normal' && values.parentUserId === '') {
    errors.push({ field: 'parent_user_id', rule: 'required', message: 'Choose the admin user this user belongs to.' });
  }
  const rank = (field: string) => {
    const i = FORM_ORDER.indexOf(field);
    return i === -1 ? FORM_ORDER.length : i;
  };
  return errors.sort((a, b) => rank(a.field) - rank(b.field));
}

function carLimitOf(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

export function createBodyOf(values: UserFormValues): SubordinateCreateBody {
  const privilegeType = values.privilegeType === 'normal' ? 'normal' : 'admin';
  return {
    email: values.email.trim(),
    password: values.password,
    privilege_type: privilegeType,
    name: values.name.trim(),
    ...(privilegeType === 'normal' ? { parent_user_id: values.parentUserId } : {}),
    company_section: values.companySection.trim(),
    phone: values.phone.trim(),
    car_limit: carLimitOf(values.carLimit),
    ...(values.shopCode.trim() === '' ? {} : { shop_code: values.shopCode.trim() }),
    ...(values.twoStepForced ? { two_step_forced: true } : {}),
  };
}

/** Only what changed, so an untouched field is never rewritten (and an empty password keeps the current one). */
export function updateBodyOf(values: UserFormValues, before: UserFormValues): SubordinateUpdateBody {
  const body: SubordinateUpdateBody = {};
  if (values.email.trim().toLowerCase() !== before.email.trim().toLowerCase()) body.email = values.email.trim();
  if (values.password !== '') body.password = values.password;
  if (values.name.trim() !== before.name) body.name = values.name.trim();
  if (values.privilegeType === 'normal' && values.parentUserId !== before.parentUserId && values.parentUserId) {
    body.parent_user_id = values.parentUserId;
  }
  if (values.companySection.trim() !== before.companySection) body.company_section = values.companySection.trim();
  if (values.phone.trim() !== before.phone) body.phone = values.phone.trim();
  if (values.carLimit.trim() !== before.carLimit) body.car_limit = carLimitOf(values.carLimit);
  if (values.shopCode.trim() !== before.shopCode) body.shop_code = values.shopCode.trim();
  if (values.twoStepForced !== before.twoStepForced) body.two_step_forced = values.twoStepForced;
  return body;
}

/** The bounds to name in a `range` message, per field. */
export const FIELD_BOUNDS: Partial<Record<UserField, { min: number; max: number }>> = {
  car_limit: CAR_LIMIT_BOUNDS,
};
