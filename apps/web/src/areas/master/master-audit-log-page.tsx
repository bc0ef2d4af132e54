import { auditActions, auditTargetTypes, type AuditAction, type AuditTargetType } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { auditLogsQueryOptions } from '../../features/audit/api/audit.api.ts';
import { AuditLogTable } from '../../features/audit/components/audit-log-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';

const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** /master/audit-log */
export function MasterAuditLogPage() {
  const { t } = useTranslation();
  const params = useListParams(50);
  const query = useQuery(
    auditLogsQueryOptions({
      page: params.page,
      limit: params.limit,
      action: pick<AuditAction>(auditActions, params.get('action')),
      targetType: pick<AuditTargetType>(auditTargetTypes, params.get('targetType')),
    }),
  );
  return (
    <>
      <PageHeader title={t('nav.auditLog')} subtitle={t('audit.subtitle')} />
      <AuditLogTable query={query} params={params} />
    </>
  );
}
