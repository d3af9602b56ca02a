import { describe, expect, it } from 'vitest';
import { loginRouteKeys, staticClosure, type Manifest } from './budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-vendor.js', '_antd-core.js'],
    dynamicImports: ['src/features/form-designer/form-designer-page.tsx'],
  },
  '_react-vendor.js': { file: 'assets/react-vendor-b.js' },
  '_antd-core.js': { file: 'assets/antd-core-c.js', imports: ['_react-vendor.js'] },
  'src/features/form-designer/form-designer-page.tsx': {
    file: 'assets/form-designer-d.js',
    isDynamicEntry: true,
    imports: ['_codemirror.js', '_antd-core.js'],
  },
  '_codemirror.js': { file: 'assets/codemirror-e.js' },
  'src/features/auth/login-page.tsx': { file: 'assets/login-page-f.js', isDynamicEntry: true, imports: ['_antd-core.js'] },
};

describe('bundle budget: what the login page downloads', () => {
  it('follows static imports once each and leaves lazily loaded screens out', () => {
    expect(staticClosure(manifest, ['index.html'])).toEqual(['assets/index-a.js', 'assets/react-vendor-b.js', 'assets/antd-core-c.js']);
  });

  it('counts the login page chunk too when the router loads it lazily', () => {
    const keys = loginRouteKeys(manifest, ['src/features/auth/login-page.tsx', 'src/not-split.tsx']);
    expect(keys).toEqual(['index.html', 'src/features/auth/login-page.tsx']);
    expect(staticClosure(manifest, keys)).toContain('assets/login-page-f.js');
  });

  it('fails loudly on a manifest it does not understand rather than reporting a wrong figure', () => {
    expect(() => staticClosure(manifest, ['_missing.js'])).toThrow(/no chunk "_missing.js"/);
    expect(() => loginRouteKeys({ a: { file: 'a.js', isEntry: true }, b: { file: 'b.js', isEntry: true } }, [])).toThrow(/one entry/);
  });
});
