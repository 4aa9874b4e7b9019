import { describe, expect, it } from 'vitest';
import { messageTemplate, readTemplate } from './message-template.js';

const digitsOrAnything = (name: string) => (name === 'n' ? '(\\d+)' : '(.+?)');

describe('a message template', () => {
  it('reads each value back out of a message made from it, in the names’ order', () => {
    const template = messageTemplate('Only {{n}} of {{what}} left.', digitsOrAnything);
    expect(template.names).toEqual(['n', 'what']);
    expect(readTemplate(template, 'Only 3 of Masala Chips left.')).toEqual({ n: '3', what: 'Masala Chips' });
  });

  it('matches the whole message only, and each value only as its source allows', () => {
    const template = messageTemplate('Only {{n}} of {{what}} left.', digitsOrAnything);
    expect(readTemplate(template, 'Only three of Masala Chips left.')).toBeNull();
    expect(readTemplate(template, 'Only 3 of Masala Chips left. Hurry')).toBeNull();
    expect(readTemplate(template, 'Now: Only 3 of Masala Chips left.')).toBeNull();
  });

  it('takes the words as written: regex syntax in the text is matched literally', () => {
    const template = messageTemplate('Price (₹) must be $1+ [{{n}}]?', digitsOrAnything);
    expect(readTemplate(template, 'Price (₹) must be $1+ [5]?')).toEqual({ n: '5' });
    expect(readTemplate(template, 'Price ₹ must be $11 [5]')).toBeNull();
  });

  it('lets a value span line breaks, and a text without values match only itself', () => {
    expect(readTemplate(messageTemplate('Note: {{text}}', digitsOrAnything), 'Note: one\ntwo')).toEqual({ text: 'one\ntwo' });
    const plain = messageTemplate('is required', digitsOrAnything);
    expect(plain.names).toEqual([]);
    expect(readTemplate(plain, 'is required')).toEqual({});
    expect(readTemplate(plain, 'is requiredX')).toBeNull();
  });
});
