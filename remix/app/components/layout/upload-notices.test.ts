import { describe, expect, it } from 'vitest'
import { selectionFilter } from '~/list-resources'
import { mergeNotices } from './upload-notices'

const notice = (key: string, text = key) => ({ key, text, href: `/x/${key}` })

describe('mergeNotices', () => {
  it('keeps what is shown, adds new notices last and replaces one told again by key', () => {
    expect(mergeNotices([notice('a'), notice('b')], [])).toEqual([notice('a'), notice('b')])
    expect(mergeNotices([notice('a')], [notice('c')])).toEqual([notice('a'), notice('c')])
    expect(mergeNotices([notice('a', 'old'), notice('b')], [notice('a', 'new')])).toEqual([
      notice('b'),
      notice('a', 'new'),
    ])
  })
})

describe('selectionFilter', () => {
  it("is the ticked rows' distinct ids, or null for a download of the filter", () => {
    expect(selectionFilter(new URLSearchParams('search=x&status=1'))).toBeNull()
    expect(
      selectionFilter(new URLSearchParams('seleccion=1&ids=4&ids=2&ids=4&back=%2Fareas&status=2')),
    ).toEqual({
      ids: [4, 2],
    })
    expect(selectionFilter(new URLSearchParams('seleccion=1&back=%2Fareas'))).toEqual({ ids: [] })
    expect(selectionFilter(new URLSearchParams('ids=x&ids=-1&ids=3'))).toEqual({ ids: [3] })
  })
})
