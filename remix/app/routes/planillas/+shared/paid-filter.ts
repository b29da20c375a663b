/** A payroll's lines by 'Estado de pago' (`?paid=true|false`): paid, pending, or every line. */
export const paidFilter = (query: URLSearchParams): boolean | undefined => {
  const paid = query.get('paid')
  return paid === 'true' ? true : paid === 'false' ? false : undefined
}
