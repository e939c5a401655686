// The back office's inbox at 1280 px (docs/product.md#admin-messages, #admin-subscribers,
// #unsubscribe): read a message and reply by mail, the subscribers and their export, and the
// public unsubscribe page with the mail client's one-click POST.
import { test } from './admin.fixtures';
import { oneClickUnsubscribe, readAndReplyJourney, subscribersJourney, unsubscribeJourney } from './admin-inbox.helpers';

// Each journey runs axe several times and waits for mails in the outbox.
test.describe.configure({ timeout: 90_000 });

test('a staff member reads a message, replies by mail, sees the reply kept, and marks it unread', async ({ staffPage }) => {
  await readAndReplyJourney(staffPage);
});

test('the subscribers page lists a new sign-up and exports the CSV', async ({ staffPage }) => {
  await subscribersJourney(staffPage);
});

test('the unsubscribe link: the page asks, the button unsubscribes, again says done, a bad link says so', async ({ page }) => {
  await unsubscribeJourney(page);
});

test("a mail client's one-click POST to the List-Unsubscribe link unsubscribes", async ({ page }) => {
  await oneClickUnsubscribe(page);
});
