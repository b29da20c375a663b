const MAX = 30

/**
 * A bank's operation number as the product stores it, from an abonos file or typed when a voucher is
 * marked paid by hand: letters, digits and hyphens, as the statement prints it (case kept).
 */
export const OPERATION_NUMBER = {
  max: MAX,
  pattern: /^[A-Za-z0-9-]+$/,
  formatMessage: 'Número de operación solo admite letras, dígitos y guiones',
  maxMessage: `Número de operación admite como máximo ${MAX} caracteres`,
} as const
