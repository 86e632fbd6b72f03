import { z } from 'zod';
import { EMPTY_USER_FORM, type UserField, type UserFormValues, userFormErrors } from './userRules.ts';

/**
 * The user form as react-hook-form holds it: the inputs carry the API's field names (`privilege_type`,
 * `car_limit`...), so the checks before sending and the server's refusals land on the same input.
 */
export type UserFormFields = Record<Exclude<UserField, 'two_step_forced'>, string> & { two_step_forced: boolean };

export function fieldsOfUserForm(values: UserFormValues): UserFormFields {
  return {
    privilege_type: values.privilegeType,
    email: values.email,
    password: values.password,
    name: values.name,
    parent_user_id: values.parentUserId,
    company_section: values.companySection,
    phone: values.phone,
    car_limit: values.carLimit,
    shop_code: values.shopCode,
    two_step_forced: values.twoStepForced,
  };
}

/** The inputs in the order of the form: the first refused one takes the focus. */
export const USER_FORM_FIELDS = Object.keys(fieldsOfUserForm(EMPTY_USER_FORM)) as (keyof UserFormFields)[];

export function userFormOfFields(fields: UserFormFields): UserFormValues {
  const role = fields.privilege_type;
  return {
    privilegeType: role === 'admin' || role === 'normal' ? role : '',
    email: fields.email,
    password: fields.password,
    name: fields.name,
    parentUserId: fields.parent_user_id,
    companySection: fields.company_section,
    phone: fields.phone,
    carLimit: fields.car_limit,
    shopCode: fields.shop_code,
    twoStepForced: fields.two_step_forced,
  };
}

/**
 * The add or edit form's schema: every rule of userFormErrors (the API's own body schema, subordinateCreateBody
 * or subordinateUpdateBody, plus the parent a normal user needs), reported on the API's field names; the form
 * hands on the values it checked.
 */
export function userFormSchema(mode: 'add' | 'edit') {
  return z
    .custom<UserFormFields>((value) => typeof value === 'object' && value !== null)
    .transform(userFormOfFields)
    .superRefine((values, ctx) => {
      for (const refused of userFormErrors(values, mode)) {
        ctx.addIssue({
          code: 'custom',
          path: [refused.field],
          message: refused.message,
          params: { rule: refused.rule },
        });
      }
    });
}
