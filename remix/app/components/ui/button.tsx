import { Link, type LinkProps } from 'react-router'

const VARIANTS = {
  primary: 'bg-primary-dark text-white hover:bg-primary border-transparent',
  secondary: 'bg-white text-slate-800 hover:bg-slate-50 border-slate-300',
  danger: 'bg-red-700 text-white hover:bg-red-800 border-transparent',
  ghost: 'bg-transparent text-primary-dark hover:bg-primary-light border-transparent',
} as const
export type Variant = keyof typeof VARIANTS

export const buttonClass = (variant: Variant = 'secondary', extra = '') =>
  `inline-flex items-center justify-center gap-1 rounded border px-3 py-2 text-sm font-medium shadow-sm disabled:opacity-60 print:hidden ${VARIANTS[variant]} ${extra}`

export function ButtonLink({
  variant = 'secondary',
  className = '',
  ...props
}: LinkProps & { variant?: Variant }) {
  return <Link {...props} className={buttonClass(variant, className)} />
}
