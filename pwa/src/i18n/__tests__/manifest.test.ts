// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hindiManifest, webManifest } from '../../app/web-manifest';

describe('the manifest in both languages', () => {
  it('has the same shortcuts, in Hindi for Hindi, and English as before', () => {
    expect(webManifest.lang).toBe('en-IN');
    expect(webManifest.shortcuts?.map((s) => s.name)).toEqual(['Search', 'Cart', 'My Orders']);
    expect(hindiManifest.lang).toBe('hi-IN');
    expect(hindiManifest.shortcuts?.map((s) => s.name)).toEqual(['खोजें', 'कार्ट', 'मेरे ऑर्डर']);
    expect(hindiManifest.shortcuts?.map((s) => s.url)).toEqual(webManifest.shortcuts?.map((s) => s.url));
    expect(hindiManifest.start_url).toBe(webManifest.start_url);
  });
});
