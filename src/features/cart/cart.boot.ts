// The header's script loads this on every page: the account side of the cart starts here (the
// push after sign-in, the refresh while signed in, the clearing after logout), in a chunk of its
// own that the page does not wait for.
void import('./cart.session').then(({ startCartSession }) => startCartSession());
