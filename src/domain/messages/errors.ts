// The shop's words when something fails on our side: the database is unavailable (503) or an
// unexpected error happened (500). Pages and the API say the same thing.
export const errorTexts = {
  unavailable: {
    title: 'We will be right back',
    text: 'The shop is briefly unavailable while we fix a problem on our side. Nothing you saved or ordered is lost. Please try again in a minute.',
    api: 'The shop is briefly unavailable. Please try again in a minute.',
  },
  serverError: {
    title: 'Something went wrong',
    text: 'An unexpected error happened on our side. It has been noted; please try again, or go back to the shop.',
  },
  tryAgain: 'Try again',
  health: { ok: 'Healthy', down: 'The database cannot be read' },
} as const;
