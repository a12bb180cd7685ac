// What other features and the app shell use; the /cart page is a route module, loaded on demand.
export { AddToCartButton, type AddToCartButtonProps } from './components/add-to-cart-button';
export { CartLink } from './components/cart-link';
export { CartSync } from './components/cart-sync';
