import type { FastifySerializerCompiler } from 'fastify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { $ZodType } from 'zod/v4/core'

/**
 * Every route's answer, serialized through its response schema. fastify-type-provider-zod
 * encodes the answer with zod (a validated copy of every object and array) and then
 * `JSON.stringify`s the copy: a fifth of a list response's CPU and much of its garbage.
 *
 * Here each response schema is first compiled, when it can be, into a check that reads the answer
 * without copying it and says whether zod's encode would give back the same JSON: every value of
 * the type the schema says, every object plain and with exactly the schema's keys in the
 * schema's order. Then the answer itself is `JSON.stringify`ed, which gives byte for byte what
 * zod's copy would (serializer.test.ts compares them). Anything else, an answer the check
 * refuses or a schema it cannot compile (refinements, transforms, unions…), goes through zod's
 * serializer as before: the same output, or the same error for an answer the schema rejects.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0])
  const unchanged = route.schema instanceof $ZodType ? checkOf(route.schema) : null
  if (!unchanged) return viaZod
  return (data) => (unchanged(data) ? JSON.stringify(data) : viaZod(data))
}

/** Whether zod's encode would return `value` as it is (as JSON: the same text). */
type Check = (value: unknown) => boolean

/**
 * The check of a schema, or null when it has something the check does not reproduce: checks
 * (`.int()`, `.min()`, formats), coercion, transforms, defaults, unions, a catchall… Only
 * `error` (a message) may be set besides the fields each type is read from.
 */
export function checkOf(schema: $ZodType): Check | null {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string }
  const known = READ_FROM[def.type]
  if (!known) return null
  for (const key of Object.keys(def)) {
    const value = def[key]
    if (value === undefined || key === 'type' || key === 'error' || known.includes(key)) continue
    if (key === 'checks' && Array.isArray(value) && value.length === 0) continue
    return null
  }
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      // As zod: NaN and ±Infinity are not numbers (JSON would write them as null).
      return (value) => typeof value === 'number' && Number.isFinite(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'null':
      return (value) => value === null
    case 'unknown':
    case 'any':
      // zod passes the value through as it is.
      return () => true
    case 'date':
      // The same Date object either way: JSON.stringify calls its toJSON in both.
      return (value) => value instanceof Date && !Number.isNaN(value.getTime())
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[])
      if (
        !values.every(
          (v) => typeof v === 'string' || typeof v === 'boolean' || v === null || Number.isFinite(v),
        )
      )
        return null
      const allowed = new Set(values)
      return (value) => allowed.has(value)
    }
    case 'nullable': {
      const inner = checkOf(def.innerType as $ZodType)
      return inner && ((value) => value === null || inner(value))
    }
    case 'optional': {
      // exactOptional refuses a present undefined.
      if (schema._zod.traits.has('$ZodExactOptional')) return null
      const inner = checkOf(def.innerType as $ZodType)
      return inner && ((value) => value === undefined || inner(value))
    }
    case 'array': {
      const element = checkOf(def.element as $ZodType)
      return element && arrayCheck(element)
    }
    case 'object':
      return objectCheck(def.shape as Record<string, $ZodType>)
  }
  return null
}

/** The def fields each supported type is read from (any other set field: not compiled). */
const READ_FROM: Record<string, string[]> = {
  string: [],
  number: [],
  boolean: [],
  null: [],
  unknown: [],
  any: [],
  date: [],
  enum: ['entries'],
  literal: ['values'],
  nullable: ['innerType'],
  optional: ['innerType'],
  array: ['element'],
  // `catchall` is undefined for z.object() (unknown keys stripped), set for strict and loose objects.
  object: ['shape'],
}

/** zod copies an array element by element; JSON writes it the same way (a hole as the element undefined). */
function arrayCheck(element: Check): Check {
  return (value) => {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false
    for (let i = 0; i < value.length; i++) if (!element(value[i])) return false
    return true
  }
}

/**
 * zod copies an object's schema keys, in the schema's order, leaving out an optional key the
 * object does not have. JSON writes the object's own enumerable keys in their order, and calls
 * `toJSON` when there is one: the same text when the object is plain, has no `toJSON`, and its keys
 * are the schema's in the schema's order (an optional one may be missing).
 */
function objectCheck(shape: Record<string, $ZodType>): Check | null {
  const keys = Object.keys(shape)
  if (Object.getOwnPropertySymbols(shape).length > 0 || keys.includes('__proto__')) return null
  const checks: Check[] = []
  const optional: boolean[] = []
  for (const key of keys) {
    const check = checkOf(shape[key])
    if (!check) return null
    checks.push(check)
    optional.push(shape[key]._zod.def.type === 'optional')
  }
  return (value) => {
    if (typeof value !== 'object' || value === null) return false
    if (
      Object.getPrototypeOf(value) !== Object.prototype ||
      (value as { toJSON?: unknown }).toJSON !== undefined
    )
      return false
    const object = value as Record<string, unknown>
    // With Object.prototype as its prototype (and nothing enumerable added to that one), for…in
    // lists the object's own enumerable keys, in JSON's order.
    let next = 0
    for (const key in object) {
      while (next < keys.length && keys[next] !== key) {
        // A schema key the object lacks: only an optional one, and really absent (not hidden).
        if (!optional[next] || object[keys[next]] !== undefined) return false
        next++
      }
      if (next === keys.length) return false
      next++
    }
    for (; next < keys.length; next++) if (!optional[next] || object[keys[next]] !== undefined) return false
    for (let i = 0; i < keys.length; i++) if (!checks[i](object[keys[i]])) return false
    return true
  }
}
