/** Types of gallery-index.mjs (the gallery's index page), for its test. */
export interface GalleryShot {
  readonly game: string;
  readonly state: string;
  readonly viewer: string;
  readonly size: string;
  readonly theme: string;
  readonly lang: string;
}
export declare function shotName(shot: GalleryShot): string;
export declare function galleryIndex(shots: readonly GalleryShot[], options?: { title?: string }): string;
export declare function shotOf(file: string): GalleryShot | null;
export declare function sortShots(shots: readonly GalleryShot[]): GalleryShot[];
