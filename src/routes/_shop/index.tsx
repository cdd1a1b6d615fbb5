import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  useEffect(() => {
    document.title = 'Home';
  }, []);
  return (
    <main>
      <h1>Forge Nutrition</h1>
      <p>Sports nutrition supplements, shipped across Canada.</p>
    </main>
  );
}
