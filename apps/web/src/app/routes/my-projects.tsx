// Being built for issue 3; until then the route shows the placeholder.
export { default } from './coming-soon';
