export { FeaturedProducts } from './components/featured-products';
export { PartsList } from './components/parts-list';
