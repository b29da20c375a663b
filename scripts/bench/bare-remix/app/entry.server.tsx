// The product's document render (whole, one buffer, the CSP nonce): only the page differs.
export { default } from '~/entry.server'
