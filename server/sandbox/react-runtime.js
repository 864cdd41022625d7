// The React runtime of the code sandbox's worker (React challenges): React and its
// DOM-free test renderer as globals, bundled into one classic script by
// scripts/build-react-runtime.js (development builds: their warnings teach).
import * as React from "react";
import * as ReactTestRenderer from "react-test-renderer";

self.React = React;
self.ReactTestRenderer = ReactTestRenderer;
