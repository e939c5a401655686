// Audit log entries in wire form (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { auditEntryWire } from '@/domain/api/admin-moderation';
import { auditRecordLink, type AuditEntryView } from './audit-log.service';

export function auditEntryJson(e: AuditEntryView): z.input<typeof auditEntryWire> {
  return {
    id: e.id,
    created_at: e.createdAt.toISOString(),
    staff: e.staff,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId,
    link: auditRecordLink(e.entityType, e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
    changes: e.changes,
  };
}
