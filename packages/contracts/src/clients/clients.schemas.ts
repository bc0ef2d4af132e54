import { z } from 'zod';
import {
  clientSignupBodySchema,
  contactPersonSchema,
  signupClientSchema,
  signupUserSchema,
} from '../auth/auth.schemas.ts';
import {
  contractStatusSchema,
  contractStatuses,
  paymentStatusSchema,
  paymentStatuses,
  type ContractStatus,
} from '../common/enums.ts';
import { addressSchema, monthlyFeeSchema, requiredText } from '../common/fields.ts';
import { idQueryParam, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

export const clientAddressViewSchema = z.object({
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  addressOther: z.string(),
  building: z.string().nullable(),
});

export const contactPersonViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  firstNameKana: z.string().nullable(),
  lastNameKana: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** A client (契約企業) as the API shows it. */
export const clientSchema = z.object({
  id: idSchema,
  agencyId: idSchema.nullable(),
  companyName: z.string(),
  companyNameKana: z.string(),
  contractStatus: contractStatusSchema,
  contractStartDate: z.string().nullable(),
  address: clientAddressViewSchema,
  contactPerson: contactPersonViewSchema.nullable(),
  monthlyFee: z.number().int(),
  paymentStatus: paymentStatusSchema,
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

// ---- account management (master, agency and client areas) ----

export const clientMessages = {
  contractStatus:
    'Contract status must be one of DRAFT, PENDING_APPROVAL, ACTIVE, SUSPENDED, CANCELLED, DISABLED',
  paymentStatus: 'Payment status must be one of ACTIVE, INACTIVE, CLOSED, PENDING',
  disableOnly: 'contractStatus must be DISABLED',
  cancelOnly: 'contractStatus must be CANCELLED',
  useDisableCall: 'A client is disabled only with the disable call',
  useCancelCall: 'A contract is cancelled only with the cancel call',
  sameStatus: 'The contract status is already this value',
  nothingToUpdate: 'Send at least one field to update',
  idQuery: 'Must be a valid number string',
} as const;

export const contractStatusInputSchema = z.enum(contractStatuses, { error: clientMessages.contractStatus });
export const paymentStatusInputSchema = z.enum(paymentStatuses, { error: clientMessages.paymentStatus });

/**
 * The contract state machine (docs/decisions/0002-accounts-rules.md). `status` lists what the status call
 * may set from each state; cancel and disable have their own calls and their own sources.
 * DISABLED is final; CANCELLED can still be disabled.
 */
export const contractTransitions = {
  status: {
    DRAFT: ['PENDING_APPROVAL', 'ACTIVE'],
    PENDING_APPROVAL: ['DRAFT', 'ACTIVE'],
    ACTIVE: ['SUSPENDED'],
    SUSPENDED: ['ACTIVE'],
    CANCELLED: [],
    DISABLED: [],
  },
  cancel: ['DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'SUSPENDED'],
  disable: ['DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'SUSPENDED', 'CANCELLED'],
} as const satisfies {
  status: Record<ContractStatus, readonly ContractStatus[]>;
  cancel: readonly ContractStatus[];
  disable: readonly ContractStatus[];
};

export type ContractChange = 'status' | 'cancel' | 'disable';

/** undefined when allowed, otherwise the 409 text; shared so screens offer only what the server accepts. */
export function contractTransitionError(
  from: ContractStatus,
  to: ContractStatus,
  via: ContractChange,
): string | undefined {
  if (via === 'status') {
    if (to === 'DISABLED') return clientMessages.useDisableCall;
    if (to === 'CANCELLED') return clientMessages.useCancelCall;
  }
  if (from === to) return clientMessages.sameStatus;
  const allowed: readonly ContractStatus[] =
    via === 'status' ? contractTransitions.status[from] : contractTransitions[via];
  if (via !== 'status' ? allowed.includes(from) : allowed.includes(to)) return undefined;
  return `A ${from} contract cannot change to ${to}`;
}

const clientIdQuerySchema = idQueryParam(clientMessages.idQuery);

/**
 * Client lists (master, agency, search): `search` matches company name and kana, contact person name
 * and kana, and contact e-mail (case-insensitive, partial); `status` filters the contract status.
 */
export const listClientsQuerySchema = paginationQuerySchema().extend({
  search: z.string().trim().max(100).optional(),
  status: contractStatusInputSchema.optional(),
});
export type ListClientsQuery = z.input<typeof listClientsQuerySchema>;

export const listMasterClientsQuerySchema = listClientsQuerySchema.extend({
  agencyId: clientIdQuerySchema.optional(),
});
export type ListMasterClientsQuery = z.input<typeof listMasterClientsQuerySchema>;

/** A row of a client list: the client and the name of its agency. */
export const clientListItemSchema = clientSchema.extend({
  agencyName: z.string().nullable(),
  contractEndDate: z.string().nullable(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/** Client detail in the master and agency areas (contract dates included). */
export const clientDetailSchema = clientListItemSchema;
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** Master POST /client: like the signup, plus the monthly fee; the client starts as DRAFT. */
export const createClientBodySchema = z.object({
  agencyId: idSchema.optional(),
  client: signupClientSchema.extend({
    monthlyFee: monthlyFeeSchema.optional(),
    paymentStatus: paymentStatusInputSchema.optional(),
  }),
  contactPerson: contactPersonSchema,
  user: signupUserSchema,
});
export type CreateClientBody = z.input<typeof createClientBodySchema>;

/** Master PATCH /client/{id}: every field optional; agencyId null detaches the client from its agency. */
export const updateClientBodySchema = z
  .object({
    companyName: requiredText(100).optional(),
    companyNameKana: requiredText(100).optional(),
    address: addressSchema.optional(),
    contactPerson: contactPersonSchema.optional(),
    monthlyFee: monthlyFeeSchema.optional(),
    paymentStatus: paymentStatusInputSchema.optional(),
    agencyId: idSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), clientMessages.nothingToUpdate);
export type UpdateClientBody = z.input<typeof updateClientBodySchema>;

/** PATCH /client/{id}/contract-status {contractStatus}. */
export const changeContractStatusBodySchema = z.object({ contractStatus: contractStatusInputSchema });
export type ChangeContractStatusBody = z.input<typeof changeContractStatusBodySchema>;

/** POST /client/{id}/disable {contractStatus: DISABLED}. */
export const disableClientBodySchema = z.object({
  contractStatus: z.literal('DISABLED', { error: clientMessages.disableOnly }),
});
/** POST /client/{id}/cancel {contractStatus: CANCELLED}. */
export const cancelClientBodySchema = z.object({
  contractStatus: z.literal('CANCELLED', { error: clientMessages.cancelOnly }),
});

/** Client area PATCH /client/update/data {address, contactPerson}. */
export const updateClientDataBodySchema = z.object({
  address: addressSchema,
  contactPerson: contactPersonSchema,
});
export type UpdateClientDataBody = z.input<typeof updateClientDataBodySchema>;

/** Agency signup of a client: the signup body without agencyId, which is the signed-in agency's. */
export const agencyClientSignupBodySchema = clientSignupBodySchema.omit({ agencyId: true });
export type AgencyClientSignupBody = z.input<typeof agencyClientSignupBodySchema>;
