import { z } from 'zod';
import { idSchema } from './common.ts';
import { hostLabelSchema } from './domain.ts';

/**
 * `/api/browser/v0/subdomain` (second document section 7; shapes not shown, so ours, docs/decisions.md "Tenancy:
 * white-label hosts"): a company's subdomain under its tenant's host (the Company entity's `subdomain`). Read by
 * anyone of the company; set by whoever may edit the company (super within the domain, master anywhere). A set
 * subdomain makes `{subdomain}.{domain host}` answer the tenant's brand in the company-code lookup, so a company's
 * own address shows its tenant's console. Unique among the companies of one domain; empty removes it. The read is
 * the caller's own company's (a branch's subdomain is in the company answers of `/v1/branches`).
 */

export const subdomainBody = z
  .object({
    subdomain: z.union([z.literal(''), hostLabelSchema]),
    /** Master or super: another company of theirs (a branch); without it, the caller's own company. */
    company_id: idSchema.optional(),
  })
  .strict();
export type SubdomainBody = z.input<typeof subdomainBody>;

export const subdomainAnswer = z.object({
  company_id: z.string(),
  subdomain: z.string(),
  /** The tenant's host the subdomain sits under (so a screen can show the address before one is set). */
  domain_host: z.string().min(1),
  /** The full host name the subdomain gives, or null when none is set. */
  host: z.string().nullable(),
  /** Whether the caller may change it. */
  editable: z.boolean(),
});
export type SubdomainAnswer = z.output<typeof subdomainAnswer>;
