import { describe, expect, it } from 'vitest';
import { pickTexts } from '../../build/first-screen-texts.ts';

const texts = {
  app: { name: 'Shuttle', tagline: 'Find a game' },
  session: { full: 'Full', placesLeft_one: '{{count}} left', placesLeft_other: '{{count}} left', title: 'Session' },
  px: { region: { a: 'A', b: 'B' }, share: { button: 'Share' } },
};

describe('the first screen texts picked by the build', () => {
  it('takes the texts and subtrees named, with plural forms, and nothing else', () => {
    expect(pickTexts(texts, ['app.name', 'session.placesLeft', 'px.region'])).toEqual({
      app: { name: 'Shuttle' },
      session: { placesLeft_one: '{{count}} left', placesLeft_other: '{{count}} left' },
      px: { region: { a: 'A', b: 'B' } },
    });
  });

  it('refuses a path that names no text, so a renamed key fails the build', () => {
    expect(() => pickTexts(texts, ['session.fulll'], 'en/member.json')).toThrow(
      'en/member.json: "session.fulll" names no text',
    );
    expect(() => pickTexts(texts, ['nothing.here'])).toThrow('names no text');
  });
});
