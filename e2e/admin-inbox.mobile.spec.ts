// The back office's inbox on a 390 px phone: the same journeys as admin-inbox.spec.ts, with the
// list rows as cards and no sideways scrolling.
import { test } from './admin.fixtures';
import { readAndReplyJourney, subscribersJourney, unsubscribeJourney } from './admin-inbox.helpers';

// Each journey runs axe several times and waits for mails in the outbox.
test.describe.configure({ timeout: 90_000 });

test('on a phone: read a message, reply, mark it unread', async ({ staffPage }) => {
  await readAndReplyJourney(staffPage);
});

test('on a phone: the subscribers page and its export', async ({ staffPage }) => {
  await subscribersJourney(staffPage);
});

test('on a phone: the unsubscribe page', async ({ page }) => {
  await unsubscribeJourney(page);
});
