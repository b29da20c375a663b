import { z } from 'zod'

// Zod's own messages (a wrong type, a missing object) in Spanish, for every importer of domain/.
z.config(z.locales.es())
