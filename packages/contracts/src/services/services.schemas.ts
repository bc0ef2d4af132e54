import { z } from 'zod';
import { linkStatuses, serviceCodes } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';

export const serviceMessages = {
  serviceCode: 'Service code must be one of KS-001, KS-002',
  clientId: 'clientId must be a positive integer',
  notFound: 'Service not found',
  alreadyLinked: 'This service is already linked to this LINE account',
  noLoginChannel: 'This LINE account has no LINE Login channel',
} as const;

export type ServiceCode = (typeof serviceCodes)[number];

/**
 * The service catalogue (SPEC.md 3). `name` is the short name the web app looks services up by
 * (SPEC.md 2: the member store comes from the service named member); `liffPath` is the mini-app page
 * registered as the service's LIFF app, opened with `?lineAccountId=`.
 */
export const serviceCatalogue = [
  {
    code: 'KS-001',
    name: 'member',
    label: '会員サービス',
    isPublished: true,
    features: ['会員証', '会員登録フォーム', '会員情報項目', '会員一覧'],
    liffPath: '/liff/member',
  },
  {
    code: 'KS-002',
    name: 'shift',
    label: 'シフト管理サービス',
    isPublished: true,
    features: ['希望シフト提出', 'シフト表', 'シフトルール', 'リマインド'],
    liffPath: '/liff/shift',
  },
] as const satisfies readonly {
  code: ServiceCode;
  name: string;
  label: string;
  isPublished: boolean;
  features: readonly string[];
  liffPath: string;
}[];

export const findServiceDefinition = (code: string) => serviceCatalogue.find((s) => s.code === code);

export const serviceCodeSchema = z.enum(serviceCodes, { error: serviceMessages.serviceCode });
export const linkStatusSchema = z.enum(linkStatuses);

export const serviceSchema = z.object({
  code: serviceCodeSchema,
  name: z.string(),
  label: z.string(),
  isPublished: z.boolean(),
  features: z.array(z.string()),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceCodeParamsSchema = z.object({ serviceCode: z.string() });

/** A service linked to a LINE account: its LIFF app and its store (service account). */
export const lineAccountServiceSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  serviceCode: serviceCodeSchema,
  name: z.string(),
  liffId: z.string().nullable(),
  status: linkStatusSchema,
  storeId: idSchema.nullable(),
});
export type LineAccountService = z.infer<typeof lineAccountServiceSchema>;

/** POST /line-account/{lineAccountId}/lineAccountService {serviceCode, clientId}. */
export const linkServiceBodySchema = z.object({
  serviceCode: serviceCodeSchema,
  clientId: z
    .number({ error: serviceMessages.clientId })
    .int(serviceMessages.clientId)
    .positive(serviceMessages.clientId),
});
export type LinkServiceBody = z.input<typeof linkServiceBodySchema>;
