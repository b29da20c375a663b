import { ok } from './envelope'

/**
 * Optional look-up of a document at an external provider (RUC at SUNAT, DNI at RENIEC, through
 * whatever service the operator configures). It never fails the caller: without a URL, on a
 * timeout or on a bad answer it returns null and the form fields stay editable (docs/domain.md).
 */
export async function lookupExternal(
  baseUrl: string | undefined,
  token: string | undefined,
  document: string,
  timeoutMs = 3000,
): Promise<Record<string, unknown> | null> {
  if (!baseUrl) return null
  try {
    const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(document)}`
    const response = await fetch(url, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return null
    const body = (await response.json()) as unknown
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The first non-empty string among the given keys (providers name their fields differently). */
export function pick(body: Record<string, unknown> | null, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = body?.[key]
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return null
}

/**
 * The answer of a RUC look-up (`RucLookup`, companies and suppliers alike): the record already
 * registered with that RUC, with the module's duplicate message, else what the configured RUC
 * service knows (both fields null without one).
 */
export async function rucLookupAnswer(
  config: { rucLookupUrl?: string; rucLookupToken?: string },
  ruc: string,
  existing: { name: string; address: string | null } | undefined,
  duplicateMessage: string,
) {
  if (existing)
    return ok({ alreadyExists: true, name: existing.name, address: existing.address }, [duplicateMessage])
  const external = await lookupExternal(config.rucLookupUrl, config.rucLookupToken, ruc)
  return ok({
    alreadyExists: false,
    name: pick(external, 'name', 'razonSocial', 'nombre_o_razon_social'),
    address: pick(external, 'address', 'direccion', 'domicilioFiscal'),
  })
}
