// The ALTCHA widget's JSX element (<altcha-widget>) for React.
import 'altcha/types/react';
