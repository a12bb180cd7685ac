// What the app shell mounts (the header's count, the merge at sign-in). The /cart page is a route
// module loaded on demand; pages that sell a part import AddToCartButton from
// './components/add-to-cart-button' themselves, so its mutation code stays out of the first screen.
export { CartLink } from './components/cart-link';
export { CartSync } from './components/cart-sync';
