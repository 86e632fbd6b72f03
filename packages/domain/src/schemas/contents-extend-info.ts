import { z } from 'zod';
import { idSchema } from './common.ts';
import { BASIC_INFO_KEYS, type BasicInfoKey, basicInfoFields, crossFieldRules, vehicleFields } from './contents.ts';

/** A field's schema without its default: a field not sent stays absent instead of becoming empty. */
function changeOf<S extends z.ZodType>(schema: z.ZodDefault<S>): z.ZodOptional<S> {
  return schema.unwrap().optional();
}

type BasicInfoChanges = { [K in BasicInfoKey]: z.ZodOptional<ReturnType<(typeof basicInfoFields)[K]['unwrap']>> };
const basicInfoChanges = Object.fromEntries(
  BASIC_INFO_KEYS.map((key) => [key, changeOf(basicInfoFields[key] as z.ZodDefault<z.ZodType>)]),
) as BasicInfoChanges;

/**
 * `POST /contents/extendinfo`: some of the basic info and which of it buyers see. Only the fields sent change
 * (issue 18: sending one field blanked every other); `null` or `''` clears one. The rules between fields (a month
 * needs a year, the total is not below the price) hold on the stored values with the sent ones over them
 * (`basicInfoCrossCheck`), so the server checks them after reading the vehicle.
 */
export const extendInfoBody = z.strictObject({
  id: idSchema,
  ...basicInfoChanges,
  basic_info_shown: changeOf(vehicleFields.basic_info_shown),
});
export type ExtendInfoBody = z.output<typeof extendInfoBody>;
export type ExtendInfoInput = z.input<typeof extendInfoBody>;

/** The rules between basic info fields, for a vehicle's values after a partial change. */
export const basicInfoCrossCheck = z
  .object({
    first_registration_year: z.number().nullable(),
    first_registration_month: z.number().nullable(),
    price_with_tax: z.number().nullable(),
    total_price_with_tax: z.number().nullable(),
  })
  .superRefine(crossFieldRules);
