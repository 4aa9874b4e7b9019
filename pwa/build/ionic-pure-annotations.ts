import type { Plugin } from 'vite';

const IONIC_REACT = /node_modules\/@ionic\/react\/dist\/index\.js$/;
// Top-level `const IonX = createForwardRef(…)` / `React.createContext(…)` / `React.memo(…)` calls that the
// package ships without a /*@__PURE__*/ mark.
const UNMARKED = /^(const [A-Za-z0-9_$]+ = )(?=(?:createForwardRef|createReactComponent|React\.createContext|React\.memo)\()/gm;

/**
 * @ionic/react marks most component factories pure but not IonPage, IonNav, IonRouterOutlet, IonTabBar,
 * IonIcon and a few contexts. Unmarked, the bundler must keep them and every web component they define
 * (tabs, back button, nav, router outlet, ionicons: ~90 KB) even when the app never renders one. These
 * calls only build React wrappers, so marking them pure is true and lets unused ones drop out.
 */
export function ionicPureAnnotations(): Plugin {
  return {
    name: 'haat:ionic-pure-annotations',
    enforce: 'pre',
    transform(code, id) {
      if (!IONIC_REACT.test(id)) return null;
      const marked = code.replace(UNMARKED, '$1/*@__PURE__*/ ');
      // `class X extends React.Component` reads a property of an import, which the bundler must assume
      // may run code; extending plain imported bindings instead lets unused classes (IonTabs…) drop out.
      const classes = marked.replace(/extends React\.(Component|PureComponent) \{/g, 'extends $1$$ionic {');
      return { code: `import { Component as Component$ionic, PureComponent as PureComponent$ionic } from 'react';\n${classes}`, map: null };
    },
  };
}
