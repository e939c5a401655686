import { adminInboxApi } from '@/domain/api/admin-inbox';
import { adminInboxTexts as t } from '@/domain/messages/admin-inbox';
import {
  listContactMessages,
  openContactMessage,
  replyToMessage,
  setMessageRead,
  unreadMessageCount,
} from '@/server/contact/contact-inbox.service';
import { inboxListItemToWire, inboxMessageToWire, inboxReplyToWire } from '@/server/contact/contact-inbox.wire';
import { listSubscribers, subscriberCounts, subscribersForExport } from '@/server/newsletter/newsletter.service';
import { SUBSCRIBER_CSV_COLUMNS, subscriberCsvRow, subscriberToWire } from '@/server/newsletter/subscriber.wire';
import { csvResponse } from '@/server/csv';
import { INBOX_PAGE_SIZE } from '@/domain/admin-inbox';
import { route } from './router';

export const adminInboxRoutes = [
  route(adminInboxApi.messages, async ({ db }, { query }) => {
    const [list, unread] = await Promise.all([listContactMessages(db, query), unreadMessageCount(db)]);
    return {
      data: {
        current_page: list.page,
        data: list.items.map(inboxListItemToWire),
        last_page: list.lastPage,
        per_page: INBOX_PAGE_SIZE,
        total: list.total,
        unread,
      },
      message: t.messagesTitle,
    };
  }),
  route(adminInboxApi.message, async ({ db, now }, { params, staff }) => {
    const { message, replies } = await openContactMessage(db, staff, Number(params.id), now());
    return { data: { message: inboxMessageToWire(message), replies: replies.map(inboxReplyToWire) }, message: t.messagesTitle };
  }),
  route(adminInboxApi.markRead, async ({ db, now }, { params, body, staff }) => {
    const message = await setMessageRead(db, staff, Number(params.id), body.read, now());
    return { data: inboxMessageToWire(message), message: body.read ? t.markedRead : t.markedUnread };
  }),
  route(adminInboxApi.reply, async ({ db, mailer, shopName, now }, { params, body, staff }) => {
    const reply = await replyToMessage({ db, mailer, shopName }, staff, Number(params.id), body.body, now());
    return { data: inboxReplyToWire(reply), message: t.replySent };
  }),
  route(adminInboxApi.subscribers, async ({ db }, { query }) => {
    const [list, counts] = await Promise.all([listSubscribers(db, query), subscriberCounts(db)]);
    return {
      data: {
        current_page: list.page,
        data: list.items.map(subscriberToWire),
        last_page: list.lastPage,
        per_page: INBOX_PAGE_SIZE,
        total: list.total,
        ...counts,
      },
      message: t.subscribersTitle,
    };
  }),
  route(adminInboxApi.subscribersCsv, async ({ db, now }, { query }) => {
    async function* rows() {
      for await (const subscriber of subscribersForExport(db, query)) yield subscriberCsvRow(subscriber);
    }
    const day = now().toISOString().slice(0, 10);
    return csvResponse(`subscribers-${query.status}-${day}.csv`, SUBSCRIBER_CSV_COLUMNS, rows());
  }),
];
